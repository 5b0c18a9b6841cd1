# Compiled from ui/dice_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QGridLayout, QLabel, QSizePolicy, QVBoxLayout,
    QWidget)

class Ui_DiceDialog(object):
    def setupUi(self, DiceDialog):
        if not DiceDialog.objectName():
            DiceDialog.setObjectName(u"DiceDialog")
        DiceDialog.setMinimumSize(QSize(340, 0))
        self.mainLayout = QVBoxLayout(DiceDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.promptLabel = QLabel(DiceDialog)
        self.promptLabel.setObjectName(u"promptLabel")
        self.promptLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.promptLabel)

        self.facesGrid = QGridLayout()
        self.facesGrid.setObjectName(u"facesGrid")

        self.mainLayout.addLayout(self.facesGrid)

        self.totalLabel = QLabel(DiceDialog)
        self.totalLabel.setObjectName(u"totalLabel")
        self.totalLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.totalLabel)

        self.messageLabel = QLabel(DiceDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(DiceDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)


        self.retranslateUi(DiceDialog)
        self.buttonBox.accepted.connect(DiceDialog.accept)
        self.buttonBox.rejected.connect(DiceDialog.reject)

        QMetaObject.connectSlotsByName(DiceDialog)
    # setupUi

    def retranslateUi(self, DiceDialog):
        DiceDialog.setWindowTitle(QCoreApplication.translate("DiceDialog", u"Enter the dice", None))
#if QT_CONFIG(accessibility)
        DiceDialog.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Enter the faces you rolled", None))
#endif // QT_CONFIG(accessibility)
        self.promptLabel.setText(QCoreApplication.translate("DiceDialog", u"Enter the face each die shows.", None))
#if QT_CONFIG(accessibility)
        self.promptLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"What the roll is for", None))
#endif // QT_CONFIG(accessibility)
        self.totalLabel.setText("")
#if QT_CONFIG(accessibility)
        self.totalLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Total of the roll", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.totalLabel.setToolTip(QCoreApplication.translate("DiceDialog", u"The total as the rules read the expression", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

