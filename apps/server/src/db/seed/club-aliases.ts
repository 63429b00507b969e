/**
 * Other names fans search clubs by: the Georgian spelling, short names and nicknames. Keyed by the catalogue
 * name in ./clubs.ts (a test checks every key is a club). An alias that is a club's usual short name on its
 * own ("Dinamo" in Georgia is Dinamo Tbilisi, "Real" is Real Madrid) ranks that club first for the word.
 */
export const clubAliases: Readonly<Record<string, readonly string[]>> = {
  // Georgia: every club by its Georgian name.
  'Dinamo Tbilisi': ['დინამო თბილისი', 'დინამო', 'Dinamo', 'Dynamo Tbilisi'],
  'Dinamo Batumi': ['დინამო ბათუმი', 'Dynamo Batumi'],
  'Iberia 1999': ['იბერია 1999', 'იბერია', 'Saburtalo', 'საბურთალო'],
  'Torpedo Kutaisi': ['ტორპედო ქუთაისი', 'ტორპედო', 'Torpedo'],
  'Dila Gori': ['დილა გორი', 'დილა'],
  'Samgurali Tskaltubo': ['სამგურალი წყალტუბო', 'სამგურალი'],
  'Kolkheti Poti': ['კოლხეთი ფოთი', 'კოლხეთი 1913', 'კოლხეთი'],
  Gagra: ['გაგრა'],
  Telavi: ['თელავი'],
  'Gareji Sagarejo': ['გარეჯი საგარეჯო', 'გარეჯი'],
  Rustavi: ['რუსთავი', 'Metalurgi Rustavi', 'მეტალურგი რუსთავი'],
  Spaeri: ['სპაერი'],
  'Meshakhte Tkibuli': ['მეშახტე ტყიბული', 'მეშახტე'],
  'Locomotive Tbilisi': ['ლოკომოტივი თბილისი', 'ლოკომოტივი', 'Lokomotivi Tbilisi'],
  Samtredia: ['სამტრედია'],
  'Sioni Bolnisi': ['სიონი ბოლნისი', 'სიონი'],
  'Merani Martvili': ['მერანი მარტვილი', 'მერანი'],
  Gonio: ['გონიო'],
  'Dinamo-2 Tbilisi': ['დინამო-2 თბილისი'],
  'Iberia-2 1999': ['იბერია-2 1999'],

  // England
  Arsenal: ['არსენალი', 'Gunners'],
  'Aston Villa': ['ასტონ ვილა', 'Villa'],
  'Brighton & Hove Albion': ['Brighton'],
  Chelsea: ['ჩელსი'],
  Liverpool: ['ლივერპული', 'LFC'],
  'Manchester City': ['მანჩესტერ სიტი', 'Man City', 'City'],
  'Manchester United': ['მანჩესტერ იუნაიტედი', 'Man Utd', 'Man United', 'United'],
  'Newcastle United': ['ნიუკასლი', 'Newcastle'],
  'Nottingham Forest': ['Forest'],
  'Tottenham Hotspur': ['ტოტენჰემი', 'Spurs', 'Tottenham'],
  'West Ham United': ['West Ham'],
  'Wolverhampton Wanderers': ['Wolves'],

  // Spain
  'Athletic Bilbao': ['Athletic Club'],
  'Atlético Madrid': ['ატლეტიკო მადრიდი', 'Atleti', 'Atlético de Madrid'],
  Barcelona: ['ბარსელონა', 'Barça', 'Barca', 'FC Barcelona'],
  'Real Madrid': ['რეალ მადრიდი', 'რეალი', 'Real'],
  'Real Sociedad': ['La Real'],
  Sevilla: ['სევილია'],
  Valencia: ['ვალენსია'],
  Villarreal: ['ვილარეალი'],

  // Germany
  'Bayern Munich': ['ბაიერნი', 'Bayern', 'Bayern München', 'FC Bayern'],
  'Bayer Leverkusen': ['ბაიერ ლევერკუზენი', 'Leverkusen'],
  'Borussia Dortmund': ['ბორუსია დორტმუნდი', 'BVB', 'Dortmund'],
  'Borussia Mönchengladbach': ['Gladbach'],
  'Eintracht Frankfurt': ['Frankfurt'],
  '1. FC Köln': ['Köln', 'Cologne'],
  'RB Leipzig': ['Leipzig'],
  'VfB Stuttgart': ['Stuttgart'],
  'Werder Bremen': ['Bremen'],

  // Italy
  'AC Milan': ['მილანი', 'Milan'],
  'Inter Milan': ['ინტერი', 'Inter', 'Internazionale'],
  Juventus: ['იუვენტუსი', 'Juve'],
  Napoli: ['ნაპოლი'],
  Roma: ['რომა', 'AS Roma'],
  Lazio: ['ლაციო'],

  // France
  'Paris Saint-Germain': ['პსჟ', 'PSG', 'Paris SG'],
  Marseille: ['მარსელი', 'OM', 'Olympique de Marseille'],
  Lyon: ['ლიონი', 'OL', 'Olympique Lyonnais'],
  Monaco: ['მონაკო'],

  // Netherlands, Portugal, Scotland
  Ajax: ['აიაქსი'],
  'PSV Eindhoven': ['PSV'],
  Benfica: ['ბენფიკა'],
  Porto: ['პორტუ', 'FC Porto'],
  'Sporting CP': ['სპორტინგი', 'Sporting', 'Sporting Lisbon'],
  Celtic: ['სელტიკი'],
  Rangers: ['რეინჯერსი'],
  'Heart of Midlothian': ['Hearts'],
  Hibernian: ['Hibs'],
};
