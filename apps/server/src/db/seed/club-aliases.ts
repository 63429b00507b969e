/**
 * Other names fans search clubs by: the Georgian spelling, short names and nicknames. Keyed by the catalogue
 * name in ./clubs.ts (a test checks every key is a club). An alias that is a club's usual short name on its
 * own ("Dinamo" in Georgia is Dinamo Tbilisi, "Real" is Real Madrid) ranks that club first for the word.
 */
export const clubAliases: Readonly<Record<string, readonly string[]>> = {
  // Georgia: every club by its Georgian name.
  'Dinamo Tbilisi': ['დინამო თბილისი', 'დინამო', 'თბილისის დინამო', 'Dinamo', 'Dynamo Tbilisi'],
  'Dinamo Batumi': ['დინამო ბათუმი', 'ბათუმის დინამო', 'Dynamo Batumi'],
  'Iberia 1999': ['იბერია 1999', 'იბერია', 'Saburtalo', 'საბურთალო'],
  'Torpedo Kutaisi': ['ტორპედო ქუთაისი', 'ტორპედო', 'ქუთაისის ტორპედო', 'Torpedo'],
  'Dila Gori': ['დილა გორი', 'დილა'],
  'Samgurali Tskaltubo': ['სამგურალი წყალტუბო', 'სამგურალი'],
  'Kolkheti Poti': ['კოლხეთი ფოთი', 'კოლხეთი 1913', 'კოლხეთი'],
  Gagra: ['გაგრა'],
  Telavi: ['თელავი'],
  'Gareji Sagarejo': ['გარეჯი საგარეჯო', 'გარეჯი'],
  Rustavi: ['რუსთავი', 'Metalurgi Rustavi', 'მეტალურგი რუსთავი'],
  Spaeri: ['სპაერი'],
  'Meshakhte Tkibuli': ['მეშახტე ტყიბული', 'მეშახტე'],
  'Locomotive Tbilisi': ['ლოკომოტივი თბილისი', 'ლოკომოტივი', 'ლოკო', 'Lokomotivi Tbilisi', 'Loko'],
  Samtredia: ['სამტრედია'],
  'Sioni Bolnisi': ['სიონი ბოლნისი', 'სიონი'],
  'Merani Martvili': ['მერანი მარტვილი', 'მერანი'],
  Gonio: ['გონიო'],
  'Dinamo-2 Tbilisi': ['დინამო-2 თბილისი'],
  'Iberia-2 1999': ['იბერია-2 1999'],

  // England
  Arsenal: ['არსენალი', 'Gunners'],
  'Aston Villa': ['ასტონ ვილა', 'ვილა', 'Villa'],
  'Brighton & Hove Albion': ['ბრაიტონ ენდ ჰოვ ალბიონი', 'Brighton'],
  Chelsea: ['ჩელსი'],
  Liverpool: ['ლივერპული', 'LFC'],
  'Manchester City': ['მანჩესტერ სიტი', 'მან სიტი', 'სიტი', 'Man City', 'City'],
  'Manchester United': ['მანჩესტერ იუნაიტედი', 'მან იუნაიტედი', 'იუნაიტედი', 'Man Utd', 'Man United', 'United'],
  'Newcastle United': ['ნიუკასლი', 'Newcastle'],
  'Nottingham Forest': ['ნოტინგემი', 'Forest', "Nott'm Forest"],
  'Tottenham Hotspur': ['ტოტენჰემი', 'შპორები', 'Spurs', 'Tottenham'],
  'West Ham United': ['ვესტ ჰემი', 'West Ham'],
  'Wolverhampton Wanderers': ['ვულვზი', 'Wolves'],

  // Spain
  'Athletic Bilbao': ['ათლეტიკი', 'Athletic Club'],
  'Atlético Madrid': ['ატლეტიკო მადრიდი', 'ატლეტიკო', 'Atleti', 'Atlético de Madrid'],
  Barcelona: ['ბარსელონა', 'ბარსა', 'Barça', 'Barca', 'Barsa', 'FC Barcelona'],
  'Real Madrid': ['რეალ მადრიდი', 'რეალი', 'Real'],
  'Real Sociedad': ['სოსიედადი', 'La Real'],
  Sevilla: ['სევილია'],
  Valencia: ['ვალენსია'],
  Villarreal: ['ვილარეალი'],

  // Germany
  'Bayern Munich': ['ბაიერნი', 'Bayern', 'Bayern München', 'FC Bayern'],
  'Bayer Leverkusen': ['ბაიერ ლევერკუზენი', 'ლევერკუზენი', 'Leverkusen'],
  'Borussia Dortmund': ['ბორუსია დორტმუნდი', 'დორტმუნდი', 'BVB', 'Dortmund'],
  'Borussia Mönchengladbach': ['მენხენგლადბახი', 'გლადბახი', 'Gladbach'],
  'Eintracht Frankfurt': ['აინტრახტი', 'ფრანკფურტი', 'Frankfurt'],
  '1. FC Köln': ['კიოლნი', 'კელნი', 'Köln', 'Koeln', 'Cologne'],
  'RB Leipzig': ['Leipzig'],
  'VfB Stuttgart': ['Stuttgart'],
  'Werder Bremen': ['ვერდერი', 'Werder', 'Bremen'],

  // Italy
  'AC Milan': ['მილანი', 'Milan'],
  'Inter Milan': ['ინტერი', 'Inter', 'Internazionale'],
  Juventus: ['იუვენტუსი', 'იუვე', 'Juve'],
  Napoli: ['ნაპოლი'],
  Roma: ['რომა', 'AS Roma'],
  Lazio: ['ლაციო'],

  // France
  'Paris Saint-Germain': ['პსჟ', 'პე-ეს-ჟე', 'PSG', 'Paris SG'],
  Marseille: ['მარსელი', 'OM', 'Olympique de Marseille'],
  Lyon: ['ლიონი', 'OL', 'Olympique Lyonnais'],
  Monaco: ['მონაკო'],

  // Netherlands, Portugal, Scotland
  Ajax: ['აიაქსი'],
  'PSV Eindhoven': ['პსვ', 'ეინდჰოვენი', 'PSV'],
  Benfica: ['ბენფიკა'],
  Porto: ['პორტუ', 'პორტო', 'FC Porto'],
  'Sporting CP': ['სპორტინგი', 'სპორტინგ ლისაბონი', 'Sporting', 'Sporting Lisbon'],
  Celtic: ['სელტიკი'],
  Rangers: ['რეინჯერსი'],
  'Heart of Midlothian': ['ჰარტ ოფ მიდლოთიანი', 'Hearts'],
  Hibernian: ['ჰიბსი', 'Hibs'],

  // More short names and other spellings fans type.
  'Crystal Palace': ['პალასი', 'Palace'],
  'Leeds United': ['ლიდსი', 'Leeds'],
  'Real Betis': ['ბეტისი', 'Betis'],
  'Celta Vigo': ['სელტა', 'Celta'],
  'Rayo Vallecano': ['რაიო', 'Rayo'],
  'Hamburger SV': ['Hamburg', 'HSV'],
  'FC St. Pauli': ['სენტ-პაული', 'St Pauli'],
  'Union Berlin': ['უნიონი', 'Union'],
  'Hellas Verona': ['ელას ვერონა', 'Verona'],
  'Le Havre': ['ჰავრი', 'Havre'],
  'AZ Alkmaar': ['ალკმარი', 'AZ'],
  Feyenoord: ['ფეიენორდი'],
  'FC Groningen': ['ხრონინგენი', 'Groningen'],
  'Vitória de Guimarães': ['ვიტორია', 'Vitória', 'Guimarães'],
  'Dundee United': ['Dundee Utd'],
  'St Mirren': ['Saint Mirren'],
};
